import { Modal, type ModalProps } from '@mantine/core';

/** Mantine's Modal with its close button named in Romanian, as a screen reader says it. */
export function ClinicModal(props: ModalProps) {
  return <Modal closeButtonProps={{ 'aria-label': 'Închide' }} {...props} />;
}
