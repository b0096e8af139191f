import { Center, Loader, Stack, Text } from '@mantine/core';

/** The loading indicator while the account or a page's code loads. */
export function FullPageLoader({ label = 'Se încarcă...' }: { label?: string }) {
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

export function PageLoader() {
  return (
    <Center mih={240} role="status" aria-live="polite">
      <Loader aria-label="Se încarcă pagina" />
    </Center>
  );
}
