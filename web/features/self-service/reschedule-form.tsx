/**
 * The patient's "another date" note. Its own chunk with the shared schema (zod) and the form
 * library: fetched when the patient asks for another date, not with the page.
 */
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type RescheduleRequest, rescheduleRequestSchema } from '../../../domain/self-service';
import { RESCHEDULE_NOTE_MAX } from '../../../domain/self-service-rules';

export type RescheduleFormProps = {
  pending: boolean;
  /** Sends the note; `noteError` shows the server's message under the field. */
  onSend: (body: RescheduleRequest, noteError: (message: string) => void) => void;
  onCancel: () => void;
};

export default function RescheduleForm({ pending, onSend, onCancel }: RescheduleFormProps) {
  const form = useForm<RescheduleRequest>({
    initialValues: { note: '' },
    validate: schemaResolver(rescheduleRequestSchema, { sync: true }),
  });
  return (
    <form noValidate onSubmit={form.onSubmit((body) => onSend(body, (m) => form.setFieldError('note', m)))}>
      <Stack gap="xs">
        <Textarea
          label="Ce dată sau ce interval v-ar conveni?"
          autosize
          minRows={3}
          maxLength={RESCHEDULE_NOTE_MAX}
          {...form.getInputProps('note')}
        />
        <Group grow>
          <Button variant="default" onClick={onCancel}>
            Renunț
          </Button>
          <Button type="submit" loading={pending}>
            Trimite cererea
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
