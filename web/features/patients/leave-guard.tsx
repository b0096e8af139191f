/**
 * Asks before leaving the patient page while a consultation draft is unsaved (issue 22): a link
 * or button that leads elsewhere in the app opens a confirmation; a reload, a closed tab or another
 * site get the browser's own question (beforeunload). The draft stays in this browser either way.
 */
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';

export const LEAVE_TEXTS = {
  title: 'Părăsiți pagina?',
  body: 'Textul consultației nesalvat rămâne ciornă doar în acest browser, până îl salvați sau apăsați „Renunță”.',
  leave: 'Părăsește pagina',
  stay: 'Rămân pe pagină',
} as const;

function confirmLeave(go: () => void) {
  modals.openConfirmModal({
    title: LEAVE_TEXTS.title,
    children: <Text size="sm">{LEAVE_TEXTS.body}</Text>,
    labels: { confirm: LEAVE_TEXTS.leave, cancel: LEAVE_TEXTS.stay },
    onConfirm: go,
  });
}

/**
 * While `active`, guards navigations to paths `inside` does not accept. Returns a wrapper for
 * the page's own programmatic navigations (its Back button).
 */
export function useLeaveGuard(active: boolean, inside: (path: string) => boolean) {
  const navigate = useNavigate();

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    // Capture phase on the document: before React Router's links see the click.
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!(a instanceof HTMLAnchorElement) || a.target === '_blank' || a.hasAttribute('download')) return;
      const url = new URL(a.href, window.location.href);
      if (url.origin !== window.location.origin || inside(url.pathname)) return;
      e.preventDefault();
      e.stopPropagation();
      confirmLeave(() => navigate(`${url.pathname}${url.search}${url.hash}`));
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active, inside, navigate]);

  return useCallback((go: () => void) => (active ? confirmLeave(go) : go()), [active]);
}
