import { ActionIcon, Button, Kbd, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_MESSAGES } from '../../../domain/search';

/**
 * The top-bar search: Ctrl+K (or Cmd+K) focuses it, Enter opens /app/pages/search/{text}. Below
 * 768 px, where the field does not fit, a search button opens it in a dialog.
 */
export function SearchBox() {
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [opened, dialog] = useDisclosure(false);
  useHotkeys([['mod+K', () => input.current?.focus()]], []);

  const go = (t: string) => {
    navigate(`/app/pages/search/${encodeURIComponent(t)}`);
    input.current?.blur();
    dialog.close();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const t = text.trim();
    if (t) go(t);
  };

  return (
    <>
      <form onSubmit={submit}>
        <TextInput
          ref={input}
          visibleFrom="sm"
          w={{ sm: 200, lg: 260 }}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          placeholder="Căutare pacienți..."
          aria-label={SEARCH_MESSAGES.placeholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={<Kbd size="xs">Ctrl K</Kbd>}
          rightSectionWidth={58}
          rightSectionPointerEvents="none"
          data-testid="top-search"
        />
      </form>
      <ActionIcon
        hiddenFrom="sm"
        variant="default"
        size="lg"
        aria-label="Căutare pacienți"
        onClick={dialog.open}
        data-testid="top-search-button"
      >
        <IconSearch size={18} aria-hidden />
      </ActionIcon>
      <Modal opened={opened} onClose={dialog.close} title="Căutare pacienți" yOffset="10dvh">
        <form onSubmit={submit}>
          <Stack gap="sm">
            <TextInput
              data-autofocus
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              placeholder="Nume, CNP, telefon sau e-mail"
              aria-label="Text căutat"
              leftSection={<IconSearch size={16} aria-hidden />}
            />
            <Button type="submit" disabled={!text.trim()}>
              Caută
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
