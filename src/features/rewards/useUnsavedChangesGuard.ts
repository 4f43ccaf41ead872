// Warns before unsaved edits are lost: a confirmation when the vendor navigates inside the app,
// and the browser's own "Leave site?" prompt when the tab is closed or reloaded.
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { App } from 'antd';
import { t } from '../../i18n/texts';

export function useUnsavedChangesGuard(dirty: boolean): void {
  const { modal } = App.useApp();
  // Only a move to another page is held back; the same page with a new query or hash is not "leaving".
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  // The blocker object changes on every render while blocked: ask once per blocked move.
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: t('unsavedChanges.title'),
      content: t('unsavedChanges.text'),
      okText: t('unsavedChanges.leave'),
      cancelText: t('unsavedChanges.stay'),
      okButtonProps: { danger: true },
      onOk: () => {
        asking.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, modal]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium needs returnValue set; the browser shows its own words either way.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
