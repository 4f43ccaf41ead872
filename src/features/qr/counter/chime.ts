// The counter screen's opt-in chime: two short notes made with Web Audio (no sound file to load).
let context: AudioContext | null = null;

export function playChime(): void {
  const AudioContextImpl = globalThis.AudioContext;
  if (!AudioContextImpl) return;
  try {
    context ??= new AudioContextImpl();
    const start = context.currentTime;
    [880, 1320].forEach((frequency, index) => {
      const oscillator = context!.createOscillator();
      const gain = context!.createGain();
      oscillator.frequency.value = frequency;
      const noteStart = start + index * 0.14;
      gain.gain.setValueAtTime(0.0001, noteStart);
      gain.gain.exponentialRampToValueAtTime(0.25, noteStart + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, noteStart + 0.3);
      oscillator.connect(gain).connect(context!.destination);
      oscillator.start(noteStart);
      oscillator.stop(noteStart + 0.32);
    });
  } catch {
    // A browser that refuses audio (no user gesture yet): silence is fine.
  }
}
