// Turns the rendered flyer into a PNG download. html2canvas is loaded on demand, so it is not in the main bundle.
import { QR_FLYER_FILE_NAME, QR_SIZES } from '../../constants';

export async function exportFlyerPng(element: HTMLElement): Promise<void> {
  const { default: html2canvas } = await import(/* webpackChunkName: "html2canvas" */ 'html2canvas');
  const canvas = await html2canvas(element, { scale: QR_SIZES.flyerExportScale, backgroundColor: '#ffffff', logging: false });
  const link = document.createElement('a');
  // A data URL needs no revoking afterwards (a blob URL revoked too early can cancel the download).
  link.href = canvas.toDataURL('image/png');
  link.download = QR_FLYER_FILE_NAME;
  document.body.appendChild(link);
  link.click();
  link.remove();
}
