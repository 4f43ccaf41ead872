// The counter screens' section (pairing code, list, rename, remove) for pages outside the QR feature.
export { CounterScreensSection } from './device/CounterScreensSection';
