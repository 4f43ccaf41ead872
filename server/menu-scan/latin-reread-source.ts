// Source of the OCR process's second reading of menu lines with Tesseract's Latin-alphabet models.

/**
 * Plain CommonJS JavaScript, pasted into the OCR child process (paddle-process-source.ts), which
 * defines `fs` and `sharp`. PaddleOCR's recognizer was trained with a Chinese dictionary that has
 * no `Ä Ö ö ı İ ş ğ ç ñ â ê î ô û £ €`: a line holding one of them is read with a substitute letter
 * and that character's probability is low. Such lines (the lowest character confidence under a
 * bound, at a letter that stands in for an accented one) are read again by Tesseract (one line,
 * LSTM models of Latin languages from the `@tesseract.js-data/<lang>` packages, read from disk:
 * nothing is fetched).
 *
 * A word of Tesseract's reading replaces PaddleOCR's only where both are the same word once accents
 * are folded and Tesseract is confident: prices and digits stay PaddleOCR's, which reads them well.
 *
 * Configuration: `config.latin` = { tesseractPath, languages: [{ code, file }] } or absent (off).
 */
export const LATIN_REREAD_SOURCE = String.raw`
/** A character PaddleOCR scores under this is likely a stand-in for a letter its dictionary lacks. */
const LATIN_MIN_CHARACTER = 0.6;
/** Tesseract's own confidence (0-100) needed before its reading is taken. */
const LATIN_MIN_TESSERACT = 70;
/** Tesseract reads best with capitals about 30 px high: lines are scaled to this height. */
const LATIN_LINE_HEIGHT = 64;

async function startLatinReader(latin) {
  const os = require('node:os');
  const path = require('node:path');
  const Tesseract = require(latin.tesseractPath);
  // tesseract.js takes one folder for all languages; each ships in its own package, so the folder
  // holds links to them (read as local files, never fetched).
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-tessdata-'));
  for (const { code, file } of latin.languages) fs.symlinkSync(file, path.join(folder, code + '.traineddata.gz'));
  process.on('exit', () => fs.rmSync(folder, { recursive: true, force: true }));
  const worker = await Tesseract.createWorker(
    latin.languages.map((l) => l.code),
    Tesseract.OEM.LSTM_ONLY,
    { langPath: folder, gzip: true, cacheMethod: 'none' },
  );
  await worker.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.SINGLE_LINE });
  return worker;
}

/** Letters PaddleOCR writes in place of the accented or dotless ones its dictionary lacks. */
const LATIN_STAND_INS = /[aceginosuyAEGINOSUC]/;

function needsLatinReading(reading) {
  return reading.min < LATIN_MIN_CHARACTER && LATIN_STAND_INS.test(reading.minCharacter || '');
}

function foldAccents(text) {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ı/g, 'i').toLowerCase();
}

/**
 * PaddleOCR's line with each word replaced by Tesseract's where the two are the same word once
 * accents are folded (so only letters PaddleOCR lacks change; digits, prices and words Tesseract
 * reads differently stay PaddleOCR's).
 */
function mergeLatinWords(paddleText, tesseractText, tesseractConfidence) {
  if (tesseractConfidence < LATIN_MIN_TESSERACT) return paddleText;
  const theirs = tesseractText.split(/\s+/).filter(Boolean);
  let from = 0;
  return paddleText
    .split(/(\s+)/)
    .map((word) => {
      if (!/\S/.test(word)) return word;
      const folded = foldAccents(word);
      for (let j = from; j < theirs.length; j++) {
        if (foldAccents(theirs[j]) === folded) {
          from = j + 1;
          return theirs[j];
        }
      }
      return word;
    })
    .join('');
}

/** Reads the doubtful lines again; answers the readings with Tesseract's where it wins. */
async function rereadLatin(worker, crops, readings) {
  const out = readings.slice();
  for (let i = 0; i < readings.length; i++) {
    if (!needsLatinReading(readings[i])) continue;
    const crop = crops[i];
    const width = Math.max(8, Math.round((crop.width * LATIN_LINE_HEIGHT) / Math.max(1, crop.height)));
    const png = await sharp(crop.data, { raw: { width: crop.width, height: crop.height, channels: 3 } })
      .resize({ width, height: LATIN_LINE_HEIGHT, fit: 'fill' })
      .greyscale()
      .extend({ top: 8, bottom: 8, left: 8, right: 8, extendWith: 'copy' })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const { data } = await worker.recognize(png);
    const text = mergeLatinWords(readings[i].text, data.text, data.confidence);
    if (process.env.MENU_LATIN_TRACE) fs.appendFileSync(process.env.MENU_LATIN_TRACE, JSON.stringify({ paddle: readings[i].text, min: readings[i].min, at: readings[i].minCharacter, tesseract: data.text.trim(), confidence: data.confidence, merged: text }) + '\n');
    out[i] = { ...readings[i], text };
  }
  return out;
}
`;
