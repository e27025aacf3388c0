import { batch, signal } from '@preact/signals-core';

// The wait after a 429: seconds left before the visitor may ask again, ticking every second. The
// caller says what happens when it ends (the status region announces only its start and its end).

export type Countdown = ReturnType<typeof createCountdown>;

export function createCountdown(onEnd: () => void, now: () => number = Date.now) {
  const wait = signal(0);
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    /** Seconds left; 0 when the visitor may ask. */
    wait,
    /** Starts over (a second 429 replaces the first wait). */
    start(seconds: number): void {
      clearInterval(timer);
      const until = now() + seconds * 1000;
      wait.value = seconds;
      timer = setInterval(() => {
        const left = Math.max(0, Math.ceil((until - now()) / 1000));
        batch(() => {
          wait.value = left;
          if (left) return;
          clearInterval(timer);
          onEnd();
        });
      }, 1000);
    },
  };
}
