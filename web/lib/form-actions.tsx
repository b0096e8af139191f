/** The footer of every modal form: "Renunță" closes, the submit button shows the pending write. */
import { Button, Group, type MantineSpacing } from '@mantine/core';

export function FormActions({
  onCancel,
  loading,
  submitLabel = 'Salvează',
  mt,
}: {
  onCancel: () => void;
  loading: boolean;
  submitLabel?: string;
  mt?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        Renunță
      </Button>
      <Button type="submit" loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}
