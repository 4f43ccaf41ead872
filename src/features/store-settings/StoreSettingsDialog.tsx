// Store Settings dialog (SPEC.md §2) — placeholder until the store-settings feature lands.
import { Modal } from 'antd';

export interface StoreSettingsDialogProps {
  open: boolean;
  onClose: () => void;
}

export function StoreSettingsDialog({ open, onClose }: StoreSettingsDialogProps) {
  return <Modal open={open} onCancel={onClose} title="Store Settings" footer={null} />;
}
