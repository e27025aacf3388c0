import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCountdown } from './countdown';

afterEach(() => {
  vi.useRealTimers();
});

describe('createCountdown', () => {
  it('counts the seconds down and says when the wait is over, once', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const ends: number[] = [];
    const countdown = createCountdown(() => ends.push(countdown.wait.value));
    expect(countdown.wait.value).toBe(0);
    countdown.start(3);
    expect(countdown.wait.value).toBe(3);
    vi.advanceTimersByTime(1000);
    expect(countdown.wait.value).toBe(2);
    expect(ends).toEqual([]);
    vi.advanceTimersByTime(2000);
    expect(countdown.wait.value).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(ends).toEqual([0]);
  });

  it('starts over when a second wait comes before the first is over', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let ends = 0;
    const countdown = createCountdown(() => ends++);
    countdown.start(2);
    vi.advanceTimersByTime(1000);
    countdown.start(5);
    vi.advanceTimersByTime(2000);
    expect(countdown.wait.value).toBe(3);
    vi.advanceTimersByTime(3000);
    expect([countdown.wait.value, ends]).toEqual([0, 1]);
  });

  it('reads the clock it is given, so a late tick shows the time really left', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let now = 0;
    const countdown = createCountdown(
      () => {},
      () => now,
    );
    countdown.start(10);
    now = 4_500; // the page was busy: the first tick comes late
    vi.advanceTimersByTime(1000);
    expect(countdown.wait.value).toBe(6);
  });
});
