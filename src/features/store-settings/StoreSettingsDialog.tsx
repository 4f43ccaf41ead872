// Store Settings dialog: Setup, Preview and Menu & Items tabs for the signed-in vendor.
import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Spin, Tabs } from 'antd';
import type { ApiError } from '../../api/contract/common';
import type { MenuItemDto, VendorProfile } from '../../api/contract/vendor';
import { httpStatusOf, serverErrorMessage } from '../../api/errorMessage';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectVendorId } from '../session/sessionSlice';
import { resultDismissed as menuUploadResultDismissed } from './menuUploadSlice';
import { MenuItemsTab } from './MenuItemsTab';
import { PreviewTab } from './PreviewTab';
import { draftFromVendor, type ProfileDraft } from './profileDraft';
import { SetupTab, type FieldErrors } from './SetupTab';
import { useObjectUrl } from './useObjectUrl';
import { useGetVendorQuery, useUpdateVendorMutation } from './vendorApi';
import { DEFAULT_CURRENCY } from '../../api/contract/limits';
import './storeSettings.css';
import { t } from '../../i18n/texts';

export type StoreSettingsTab = 'setup' | 'preview' | 'menu';

export interface StoreSettingsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The tab it opens on (the top bar's search opens Menu & Items for a menu item). */
  initialTab?: StoreSettingsTab;
}

/** Fits in the 768 px tablet view with the page margin; antd narrows it further on phones. */
const DIALOG_WIDTH = 720;

export function StoreSettingsDialog({ open, onClose, initialTab = 'setup' }: StoreSettingsDialogProps) {
  const vendorId = useAppSelector(selectVendorId);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('storeSettings.title')}
      footer={null}
      width={DIALOG_WIDTH}
      // Every opening starts from the saved profile, not from edits that were cancelled.
      destroyOnHidden
      // A stray click beside the dialog must not throw away typed edits and chosen images: Cancel, the
      // close button and Escape still close it. (A click that landed on the mask while the dialog was
      // still zooming open closed it in a CI browser run.)
      mask={{ closable: false }}
      className="sw-store-settings"
    >
      {open && vendorId && <StoreSettingsContent vendorId={vendorId} onClose={onClose} initialTab={initialTab} />}
    </Modal>
  );
}

function StoreSettingsContent({ vendorId, onClose, initialTab }: { vendorId: string; onClose: () => void; initialTab: StoreSettingsTab }) {
  const dispatch = useAppDispatch();
  // Loads the vendor each time the dialog opens; cached data shows meanwhile.
  const { data, isLoading, isError, error } = useGetVendorQuery(vendorId, { refetchOnMountOrArgChange: true });

  useEffect(() => {
    // A result message from an earlier upload does not belong to this opening.
    dispatch(menuUploadResultDismissed());
  }, [dispatch]);

  useEffect(() => {
    // A load failure in the dialog is only logged; loading ends.
    if (isError) console.error('Failed to load store settings', error);
  }, [isError, error]);

  if (isLoading) {
    return (
      <>
        <div className="sw-dialog-loading" role="status">
          <Spin size="small" />
          <span>{t('storeSettings.loading')}</span>
        </div>
        <DialogFooter onCancel={onClose} />
      </>
    );
  }
  return <StoreSettingsTabs vendorId={vendorId} vendor={data?.vendor} items={data?.items ?? []} onClose={onClose} initialTab={initialTab} />;
}

type TabKey = StoreSettingsTab;

const PROFILE_FIELDS: readonly (keyof ProfileDraft)[] = ['company', 'address', 'open_hours', 'website', 'currency', 'timeZone'];

/** The per-field problems of a 400 answer ({ error, details: [{ field, message }] }), if any. */
function fieldErrorsOf(error: unknown): FieldErrors {
  const details = (error as { data?: Partial<ApiError> } | null)?.data?.details;
  if (!Array.isArray(details)) return {};
  const errors: FieldErrors = {};
  for (const { field, message } of details) {
    const known = PROFILE_FIELDS.find((name) => name === field);
    if (known && !errors[known]) errors[known] = message;
  }
  return errors;
}

/** 413/415 only ever concern the uploaded files; a 400 does when its details name the logo or cover. */
function isImageRefusal(error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status === 413 || status === 415) return true;
  const details = (error as { data?: Partial<ApiError> } | null)?.data?.details;
  return status === 400 && Array.isArray(details) && details.some(({ field }) => field === 'logo' || field === 'cover');
}

interface StoreSettingsTabsProps {
  vendorId: string;
  /** Undefined when loading failed: the form starts empty and cannot be saved over the real profile. */
  vendor: VendorProfile | undefined;
  items: readonly MenuItemDto[];
  onClose: () => void;
  initialTab: TabKey;
}

function StoreSettingsTabs({ vendorId, vendor, items, onClose, initialTab }: StoreSettingsTabsProps) {
  const [tab, setTab] = useState<TabKey>(initialTab);
  const [draft, setDraft] = useState<ProfileDraft>(() => draftFromVendor(vendor));
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [coverFile, setCoverFile] = useState<File | null>(null);
  const logoUrl = useObjectUrl(logoFile) ?? vendor?.logo ?? null;
  const coverUrl = useObjectUrl(coverFile) ?? vendor?.banner ?? null;
  const [updateVendor, { isLoading: saving }] = useUpdateVendorMutation();

  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);

  const save = async () => {
    setFieldErrors({});
    setSaveError(null);
    try {
      await updateVendor({ vendorId, ...draft, logo: logoFile, cover: coverFile }).unwrap();
      onClose();
    } catch (error) {
      // A failed save is logged and the dialog stays open with the edits; when the
      // server names the fields it refused (400 details), they are marked so the vendor can fix them.
      console.error('Failed to save store settings', error);
      setFieldErrors(fieldErrorsOf(error));
      // Not only logged to the console: the vendor is told why the profile was not saved.
      setSaveError(t('storeSettings.saveFailed', { reason: serverErrorMessage(error, t('storeSettings.saveFailedFallback')) }));
      // A refused image (wrong type, too large, unreadable) goes back to the saved one rather than
      // staying on screen as a broken preview the vendor might think was kept.
      if (isImageRefusal(error)) {
        setLogoFile(null);
        setCoverFile(null);
      }
    }
  };

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          {
            key: 'setup',
            label: t('storeSettings.tabs.setup'),
            children: (
              <SetupTab
                draft={draft}
                fieldErrors={fieldErrors}
                onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
                logoPreviewUrl={logoUrl}
                coverPreviewUrl={coverUrl}
                onPickLogo={setLogoFile}
                onPickCover={setCoverFile}
              />
            ),
          },
          {
            key: 'preview',
            label: t('storeSettings.tabs.preview'),
            children: <PreviewTab profile={draft} logoUrl={logoUrl} coverUrl={coverUrl} items={items} />,
          },
          {
            key: 'menu',
            label: t('storeSettings.tabs.menu'),
            // The saved currency: the menu shows prices as customers see them now, not as an unsaved choice would.
            children: <MenuItemsTab vendorId={vendorId} items={items} currency={vendor?.currency ?? DEFAULT_CURRENCY} />,
          },
        ]}
      />
      {saveError && tab === 'setup' && <Alert type="error" showIcon role="alert" className="sw-dialog-error" title={saveError} />}
      {tab === 'setup' && vendor?.settingsChangedBy ? (
        <p className="sw-dialog-changed-by" data-testid="settings-changed-by">
          {t('account.changedBy', { name: vendor.settingsChangedBy })}
        </p>
      ) : null}
      <DialogFooter onCancel={onClose} onSave={tab === 'setup' ? save : undefined} saving={saving} saveDisabled={!vendor} />
    </>
  );
}

interface DialogFooterProps {
  onCancel: () => void;
  /** Only the Setup tab saves. */
  onSave?: () => void;
  saving?: boolean;
  saveDisabled?: boolean;
}

function DialogFooter({ onCancel, onSave, saving = false, saveDisabled = false }: DialogFooterProps) {
  return (
    <div className="sw-dialog-footer">
      <Button onClick={onCancel}>{t('storeSettings.cancel')}</Button>
      {onSave && (
        <Button type="primary" onClick={onSave} loading={saving} disabled={saveDisabled}>
          {t('storeSettings.save')}
        </Button>
      )}
    </div>
  );
}
