// Saves a CSV export. The bearer header cannot ride on a plain link, so the file is fetched with
// it and handed to the browser as a download (the server streams it; the browser writes it to a Blob).
// It names the page's language with the browser's region (es-MX): the server separates cells with `;` for a
// locale that writes a decimal comma, and Spain's Spanish does while Mexico's does not.
import { intlLocale } from '../../i18n/texts';

export async function downloadCsv(path: string, token: string | null, fileName: string): Promise<void> {
  const response = await fetch(`/api${path}`, { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Accept-Language': intlLocale() } });
  if (!response.ok) throw new Error(`export answered ${response.status}`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next turn: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
