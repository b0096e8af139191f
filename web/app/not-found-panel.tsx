import { Alert, Button, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * An unknown record (appointment, patient) inside the shell: what is missing and the way back
 * to its list, the same for every detail page.
 */
export function NotFoundPanel({
  title,
  message,
  backTo,
  backLabel,
}: {
  title: string;
  message: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Stack gap="md" data-testid="not-found">
      <Button
        component={Link}
        to={backTo}
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        w="fit-content"
      >
        {backLabel}
      </Button>
      <Alert color="yellow" title={title} role="alert">
        {message}
      </Alert>
    </Stack>
  );
}
