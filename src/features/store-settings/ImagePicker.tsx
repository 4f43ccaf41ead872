// Picks a logo or cover image: a preview of the current or chosen image and a button that takes image files only.
import { useState } from 'react';
import { Button, Upload } from 'antd';
import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { STORE_PROFILE_LIMITS } from '../../constants';
import { checkImageFile } from './fileRules';
import { t } from '../../i18n/texts';

export interface ImagePickerProps {
  /** Id of the file input, so a Form.Item label can point at it. */
  inputId: string;
  variant: 'logo' | 'cover';
  /** What the preview shows: the chosen file's URL, else the saved image, else nothing. */
  previewUrl: string | null;
  onPick: (file: File) => void;
}

export function ImagePicker({ inputId, variant, previewUrl, onPick }: ImagePickerProps) {
  const [error, setError] = useState<string | null>(null);
  const label = variant === 'logo' ? t('storeSettings.fields.logo') : t('storeSettings.fields.cover');

  return (
    <div className={`sw-image-picker sw-image-picker--${variant}`}>
      <div className="sw-image-picker__preview" aria-live="polite">
        {previewUrl ? (
          <img src={previewUrl} alt={t('storeSettings.imagePreviewAlt', { image: label })} />
        ) : (
          <span className="sw-image-picker__empty">
            <PictureOutlined aria-hidden />
            <span>{t('storeSettings.noImage')}</span>
          </span>
        )}
      </div>
      <div className="sw-image-picker__side">
        <Upload
          id={inputId}
          accept={STORE_PROFILE_LIMITS.imageAccept}
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            // `accept` only filters the system dialog; drag-and-drop and "All files" still need this check.
            const problem = checkImageFile(file);
            setError(problem);
            if (!problem) onPick(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />}>{previewUrl ? t('storeSettings.changeImage') : t('storeSettings.chooseImage')}</Button>
        </Upload>
        <span className="sw-store-muted sw-image-picker__hint">{variant === 'logo' ? t('storeSettings.imageHint.logo') : t('storeSettings.imageHint.cover')}</span>
        {error && (
          <span role="alert" className="sw-store-error sw-image-picker__hint">
            {error}
          </span>
        )}
      </div>
    </div>
  );
}
