/**
 * The patient's self-service link of an appointment, for staff to send by a messaging app (the
 * public page promises confirmation "by messaging app or e-mail"): shown in a dialog with a copy
 * button; asking for it is audited.
 */
import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLink } from '@tabler/icons-react';
import { errorMessage } from '../../lib/notify';
import { ClinicModal } from '../../ui/clinic-modal';
import { usePatientLink } from '../self-service';

export function PatientLinkButton({ appointmentId }: { appointmentId: number }) {
  const [opened, dialog] = useDisclosure(false);
  const link = usePatientLink(appointmentId, opened);
  return (
    <>
      <Button variant="light" leftSection={<IconLink size={16} />} onClick={dialog.open}>
        Link pentru pacient
      </Button>
      <ClinicModal opened={opened} onClose={dialog.close} title="Linkul programării pentru pacient">
        <Stack gap="sm">
          <Text size="sm">
            Pe pagina acestui link pacientul vede data, ora, locul și medicul, confirmă prezența, cere altă
            dată sau anulează. Trimiteți-l doar pacientului.
          </Text>
          {link.error ? (
            <Text c="red.8" size="sm">
              {errorMessage(link.error)}
            </Text>
          ) : (
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label="Link"
                readOnly
                value={link.data ?? ''}
                style={{ flex: 1 }}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={link.data ?? ''}>
                {({ copied, copy }) => (
                  <Button onClick={copy} disabled={!link.data} color={copied ? 'teal.9' : undefined}>
                    {copied ? 'Copiat' : 'Copiază'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          )}
        </Stack>
      </ClinicModal>
    </>
  );
}
