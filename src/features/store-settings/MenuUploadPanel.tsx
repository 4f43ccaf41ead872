// Menu upload: pick a PDF or image, watch it upload and scan, then read one result message.
import { useState } from 'react';
import { Alert, Button, Popconfirm, Progress, Spin, Upload } from 'antd';
import { FileSearchOutlined, UploadOutlined } from '@ant-design/icons';
import { MENU_UPLOAD_FILES } from '../../constants';
import { useAppSelector } from '../../app/hooks';
import { checkMenuFile } from './fileRules';
import { selectMenuUpload, selectMenuUploadMessage } from './menuUploadSlice';
import { useRemoveUploadMutation, useUploadMenuMutation } from './vendorApi';
import { t } from '../../i18n/texts';

export function MenuUploadPanel({ vendorId }: { vendorId: string }) {
  const upload = useAppSelector(selectMenuUpload);
  const result = useAppSelector(selectMenuUploadMessage);
  const [uploadMenu] = useUploadMenuMutation();
  const [removeUpload, removing] = useRemoveUploadMutation();
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const scanning = upload.status === 'scanning';
  // After a read that added items, one action takes exactly those back.
  const undoable = upload.status === 'done' && upload.uploadId && upload.addedCount > 0 ? { uploadId: upload.uploadId, count: upload.addedCount } : null;

  return (
    <section className="sw-menu-upload" aria-labelledby="menu-upload-heading">
      <div className="sw-menu-upload__intro">
        <FileSearchOutlined className="sw-menu-upload__icon" aria-hidden />
        <div>
          {/* Labels the hidden file input too, so assistive technology names it. */}
          <label htmlFor="menu-upload-input" id="menu-upload-heading" className="sw-menu-upload__title">
            {t('menuUpload.heading')}
          </label>
          <br />
          <span className="sw-store-muted">{t('menuUpload.hint')}</span>
        </div>
        <Upload
          id="menu-upload-input"
          accept={MENU_UPLOAD_FILES.accept}
          showUploadList={false}
          disabled={scanning}
          beforeUpload={(file) => {
            const problem = checkMenuFile(file);
            setFileProblem(problem);
            // The request runs in the endpoint; the state machine follows it (menuUploadSlice).
            if (!problem) void uploadMenu({ vendorId, file });
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />} disabled={scanning}>
            {t('menuUpload.button')}
          </Button>
        </Upload>
      </div>

      {fileProblem && !scanning && <Alert type="error" showIcon title={fileProblem} className="sw-menu-upload__status" />}

      {scanning && (
        <div className="sw-menu-upload__status">
          {upload.uploadPercent < 100 && (
            <Progress
              percent={upload.uploadPercent}
              size="small"
              status="active"
              aria-label={`${t('menuUpload.uploading')} ${upload.fileName}`}
            />
          )}
          <div className="sw-menu-upload__scanning" role="status">
            <Spin size="small" />
            <span>{t('menuUpload.scanning')}</span>
          </div>
        </div>
      )}

      {!scanning && !fileProblem && result && (
        <div className={`sw-menu-upload__result sw-menu-upload__result--${result.kind}`} role="status">
          {result.text}
        </div>
      )}
      {!scanning && undoable && (
        <Popconfirm
          title={t('menuUpload.undoConfirm')}
          okText={t('menuUpload.undoOk')}
          cancelText={t('menuUpload.undoCancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => void removeUpload({ vendorId, uploadId: undoable.uploadId })}
        >
          <Button size="small" danger type="link" loading={removing.isLoading} className="sw-menu-upload__undo">
            {t('menuUpload.undo', { n: undoable.count })}
          </Button>
        </Popconfirm>
      )}
    </section>
  );
}
