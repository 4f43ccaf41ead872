// Picks a logo or cover image: a preview of the current or chosen image and a button that takes image files only.
import { useState } from 'react';
import { Button, Upload } from 'antd';
import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { STORE_SETTINGS } from '../../constants';
import { checkImageFile } from './fileRules';

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
  const label = variant === 'logo' ? STORE_SETTINGS.fields.logo : STORE_SETTINGS.fields.cover;

  return (
    <div className={`sw-image-picker sw-image-picker--${variant}`}>
      <div className="sw-image-picker__preview" aria-live="polite">
        {previewUrl ? (
          <img src={previewUrl} alt={`${label} preview`} />
        ) : (
          <span className="sw-image-picker__empty">
            <PictureOutlined aria-hidden />
            <span>{STORE_SETTINGS.noImage}</span>
          </span>
        )}
      </div>
      <div className="sw-image-picker__side">
        <Upload
          id={inputId}
          accept={STORE_SETTINGS.imageAccept}
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
          <Button icon={<UploadOutlined />}>{previewUrl ? STORE_SETTINGS.changeImage : STORE_SETTINGS.chooseImage}</Button>
        </Upload>
        <span className="sw-store-muted sw-image-picker__hint">{STORE_SETTINGS.imageHint[variant]}</span>
        {error && (
          <span role="alert" className="sw-store-error sw-image-picker__hint">
            {error}
          </span>
        )}
      </div>
    </div>
  );
}
