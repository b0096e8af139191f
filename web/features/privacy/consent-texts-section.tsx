/**
 * Consent text versions: the newest is the one the public form records. A change of wording is a
 * new version (the old ones stay, patients agreed to them); versions are never edited.
 */
import { Badge, Button, Card, Group, Spoiler, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { formatDateTime } from '../../../domain/dates';
import { type ConsentTextInput, consentTextSchema } from '../../../domain/privacy';
import { ApiError } from '../../lib/api';
import { notify, notifySuccess } from '../../lib/notify';
import { useConsentTexts, useCreateConsentText } from './api';

export function ConsentTextsSection() {
  const texts = useConsentTexts();
  const create = useCreateConsentText();
  const form = useForm<ConsentTextInput>({
    initialValues: { version: '', text: '' },
    validate: schemaResolver(consentTextSchema, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const r = await create.mutateAsync(values);
      notifySuccess(r.message);
      form.reset();
    } catch (err) {
      if (err instanceof ApiError && err.errors) form.setErrors(err.errors);
      else if (err instanceof ApiError && err.status === 409) form.setFieldError('version', err.message);
      else notify('error', err instanceof ApiError ? err.message : String(err));
    }
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="consent-texts-title">
      <Title order={2} size="h4" id="consent-texts-title">
        Textul acordului GDPR (versiuni)
      </Title>
      {texts.data?.map((t, i) => (
        <Card key={t.version} withBorder padding="sm">
          <Group gap="xs">
            <Text fw={600} size="sm">
              {t.version}
            </Text>
            {i === 0 && (
              <Badge color="teal.9" variant="filled">
                Curentă
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              {formatDateTime(t.created_at)}
            </Text>
          </Group>
          <Spoiler maxHeight={40} showLabel="Mai mult" hideLabel="Mai puțin">
            <Text size="sm">{t.text}</Text>
          </Spoiler>
        </Card>
      ))}
      <form onSubmit={submit}>
        <Stack gap="xs">
          <TextInput label="Versiune nouă" placeholder="gdpr-2027-01" {...form.getInputProps('version')} />
          <Textarea
            label="Textul acordului"
            description="{institut} se înlocuiește cu numele institutului."
            autosize
            minRows={3}
            {...form.getInputProps('text')}
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              Salvează versiunea nouă
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
