import { Kbd, TextInput } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_MESSAGES } from '../../../domain/search';

/** The top-bar search: Ctrl+K (or Cmd+K) focuses it, Enter opens /app/pages/search/{text}. */
export function SearchBox() {
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  useHotkeys([['mod+K', () => input.current?.focus()]], []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const t = text.trim();
    if (!t) return;
    navigate(`/app/pages/search/${encodeURIComponent(t)}`);
    input.current?.blur();
  };

  return (
    <form onSubmit={submit}>
      <TextInput
        ref={input}
        visibleFrom="sm"
        w={{ sm: 200, lg: 260 }}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        placeholder="Cautare pacienti..."
        aria-label={SEARCH_MESSAGES.placeholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={<Kbd size="xs">Ctrl K</Kbd>}
        rightSectionWidth={58}
        rightSectionPointerEvents="none"
        data-testid="top-search"
      />
    </form>
  );
}
