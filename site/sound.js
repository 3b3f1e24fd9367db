// The play page's sounds: a move, a capture (men jumped) and a goal, synthesized with the Web Audio API
// (no sound file is fetched). The page's Python asks for one with the window event "phutball-sound"
// (detail: "move", "capture" or "goal"), and only when the Sounds switch is on (lab/playfeel.py).
let audio = null;

// Each sound: a few short tones, as [frequency in Hz, start in seconds, length in seconds].
const TONES = {
  move: [[660, 0, 0.07]],
  capture: [[520, 0, 0.06], [390, 0.07, 0.09]],
  goal: [[523, 0, 0.12], [659, 0.12, 0.12], [784, 0.24, 0.25]],
};

export function playSound(kind) {
  const tones = TONES[kind];
  if (!tones) return;
  try {
    audio = audio || new AudioContext();
    const now = audio.currentTime;
    for (const [freq, start, length] of tones) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "triangle";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.2, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.02);
    }
  } catch { /* no audio here: the game goes on silently */ }
}

window.addEventListener("phutball-sound", (e) => playSound(e.detail));
