/**
 * docs/product/offerings.md#music: the Music page's player over content/music.json. Real playback in Chromium
 * (the clicks are user gestures, so autoplay rules allow it): play and pause, previous and next,
 * seeking (the slider's focus ring clear of the time labels), volume and mute, the keys, the next
 * track starting by itself, durations that match the files, and axe at 400 and 1280 px in both
 * themes.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import musicJson from '#content/music.json';
import { paths } from '#shared/paths';
import { formatTime } from '../../../src/client/features/music/format-time';
import { axeViolations } from '#test-support/axe';
import { VIEWPORTS } from '#test-support/browser';
import { useSite } from '#test-support/site';

const site = useSite();

const TRACKS = musicJson.tracks;
const LAST = TRACKS.length - 1;

interface AudioState {
  paused: boolean;
  currentTime: number;
  duration: number;
  volume: number;
  muted: boolean;
  src: string;
}

const audio = (page: Page): Promise<AudioState> =>
  page.locator('audio').evaluate((element: HTMLAudioElement) => ({
    paused: element.paused,
    currentTime: element.currentTime,
    duration: element.duration,
    volume: element.volume,
    muted: element.muted,
    src: element.currentSrc || element.src,
  }));

const player = (page: Page) => page.getByRole('region', { name: 'Player' });
const button = (page: Page, name: string) =>
  player(page).getByRole('button', { name, exact: true });
const fileName = (file: string) => file.replace(/^music\//, '').replace(/\.\w+$/, '');

async function openPlayer(width: number = VIEWPORTS.desktop.width) {
  const tab = await site.open(paths.music, { width });
  await button(tab.page, 'Play').waitFor();
  return tab;
}

/** The player shows track `index` as the current one, in its heading, its list and its <audio>. */
async function expectTrack(page: Page, index: number) {
  const track = TRACKS[index]!;
  await player(page).getByRole('heading', { level: 2, name: track.title }).waitFor();
  await page
    .getByRole('button', { name: track.title, exact: true })
    .and(page.locator('[aria-current="true"]'))
    .waitFor();
  await expect.poll(async () => (await audio(page)).src).toContain(`/${fileName(track.file)}-`);
}

/** Playing and the clock moving past `seconds`. */
async function expectPlayingPast(page: Page, seconds: number) {
  await expect.poll(async () => (await audio(page)).paused).toBe(false);
  await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThan(seconds);
}

test('the track list shows every track with its title, description and a duration that matches its file', async () => {
  const { page } = await openPlayer();
  const items = page.getByRole('region', { name: 'Tracks' }).getByRole('listitem');
  await expect.poll(() => items.count()).toBe(TRACKS.length);
  const sources: string[] = [];
  for (const [index, track] of TRACKS.entries()) {
    const item = items.nth(index);
    await item.getByRole('button', { name: track.title, exact: true }).waitFor();
    await item.getByText(track.description).waitFor();
    expect(await item.locator('.tracklist__duration').textContent()).toBe(
      formatTime(track.duration),
    );
    sources.push((await audio(page)).src);
    await button(page, 'Next track').click();
  }
  // Nothing played: moving through the list while paused only selects.
  expect((await audio(page)).paused).toBe(true);

  // Each file's real length, as the browser reads it, is the one the list shows.
  const lengths = await page.evaluate(
    (urls) =>
      Promise.all(
        urls.map(
          (url) =>
            new Promise<number>((resolve, reject) => {
              const probe = new Audio();
              probe.preload = 'metadata';
              probe.onloadedmetadata = () => resolve(probe.duration);
              probe.onerror = () => reject(new Error(`cannot load ${url}`));
              probe.src = url;
            }),
        ),
      ),
    sources,
  );
  for (const [index, track] of TRACKS.entries()) {
    expect(Math.abs(lengths[index]! - track.duration), track.title).toBeLessThan(0.1);
    expect(formatTime(lengths[index]!)).toBe(formatTime(track.duration));
  }
});

test('nothing is downloaded before a track is played', async () => {
  const { page } = await openPlayer();
  expect(await page.locator('audio').getAttribute('preload')).toBe('none');
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .some((entry) => /\.(mp3|m4a|aac|wav)$/.test(entry.name)),
  );
  expect(loaded).toBe(false);
});

test('Play starts the first track and its time advances; Pause stops it', async () => {
  const { page } = await openPlayer();
  await button(page, 'Play').click();
  await expectTrack(page, 0);
  await expectPlayingPast(page, 0.5);
  await button(page, 'Pause').waitFor();
  await player(page)
    .getByText(/^Now playing · Track 1 of/)
    .waitFor();

  await button(page, 'Pause').click();
  await expect.poll(async () => (await audio(page)).paused).toBe(true);
  await button(page, 'Play').waitFor();
  await player(page)
    .getByText(/^Paused · Track 1 of/)
    .waitFor();
});

test('next and previous change the track and keep it playing, wrapping at either end', async () => {
  const { page } = await openPlayer();
  await button(page, 'Play').click();
  await expectPlayingPast(page, 0.3);

  await button(page, 'Next track').click();
  await expectTrack(page, 1);
  await expectPlayingPast(page, 0.3);
  await button(page, 'Previous track').click();
  await expectTrack(page, 0);
  await button(page, 'Previous track').click();
  await expectTrack(page, LAST);
  await expectPlayingPast(page, 0.3);
  await button(page, 'Next track').click();
  await expectTrack(page, 0);
  await expectPlayingPast(page, 0.3);
});

test('choosing a track in the list plays it; choosing the playing track again pauses it', async () => {
  const { page } = await openPlayer();
  const third = page.getByRole('button', { name: TRACKS[2]!.title, exact: true });
  await third.click();
  await expectTrack(page, 2);
  await expectPlayingPast(page, 0.3);
  await third.click();
  await expect.poll(async () => (await audio(page)).paused).toBe(true);
});

test('the seek slider sets the playing position and reads it out as "m:ss of m:ss"', async () => {
  const { page } = await openPlayer();
  await button(page, 'Play').click();
  await expectPlayingPast(page, 0.3);
  const seek = player(page).getByRole('slider', { name: 'Seek' });
  const box = await seek.boundingBox();
  if (!box) throw new Error('no seek slider');
  // A click three quarters along the slider.
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
  const duration = TRACKS[0]!.duration;
  await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThan(duration * 0.6);
  expect((await audio(page)).currentTime).toBeLessThan(duration * 0.9);
  await expect
    .poll(async () => {
      const { currentTime } = await audio(page);
      const text = await seek.getAttribute('aria-valuetext');
      // The text follows the clock within a second (it updates as time passes).
      return [
        `${formatTime(currentTime)} of ${formatTime(duration)}`,
        `${formatTime(currentTime - 1)} of ${formatTime(duration)}`,
      ].includes(text ?? '');
    })
    .toBe(true);

  // The arrow keys move it too, natively: Home goes back to the start.
  await seek.focus();
  await page.keyboard.press('Home');
  await expect.poll(async () => (await audio(page)).currentTime).toBeLessThan(duration * 0.3);
});

test.each([VIEWPORTS.mobile.width, VIEWPORTS.desktop.width])(
  "at %i px the seek slider's focus ring stays clear of the time labels under it",
  async (width) => {
    const { page } = await site.open(paths.music, { width });
    const slider = player(page).getByRole('slider', { name: 'Seek' });
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    const ring = await slider.evaluate((element) => {
      const style = getComputedStyle(element);
      const reach = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
      return { bottom: element.getBoundingClientRect().bottom + reach, style: style.outlineStyle };
    });
    expect(ring.style).not.toBe('none');
    const labels = await player(page)
      .locator('.player__time')
      .evaluateAll((times) => times.map((time) => time.getBoundingClientRect().top));
    expect(labels).toHaveLength(2);
    for (const top of labels) expect(top).toBeGreaterThanOrEqual(ring.bottom);
  },
);

test('the volume slider and the mute button change the audio element', async () => {
  const { page } = await openPlayer();
  const volume = player(page).getByRole('slider', { name: 'Volume' });
  expect((await audio(page)).volume).toBeCloseTo(0.8, 5);
  expect(await volume.getAttribute('aria-valuetext')).toBe('80%');
  await volume.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await audio(page)).volume).toBeCloseTo(0.7, 5);
  expect(await volume.getAttribute('aria-valuetext')).toBe('70%');
  await page.keyboard.press('End');
  await expect.poll(async () => (await audio(page)).volume).toBe(1);

  await button(page, 'Mute').click();
  await expect.poll(async () => (await audio(page)).muted).toBe(true);
  await button(page, 'Unmute').click();
  await expect.poll(async () => (await audio(page)).muted).toBe(false);
});

test('keys: K and Space play and pause, J and L jump ten seconds back and ahead', async () => {
  const { page } = await openPlayer();
  await button(page, 'Next track').focus();
  await page.keyboard.press('k');
  await expectPlayingPast(page, 0.3);
  // Still the first track: K played, it did not press the focused Next button.
  await expectTrack(page, 0);

  const before = (await audio(page)).currentTime;
  await page.keyboard.press('l');
  await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThan(before + 9.5);
  const ahead = (await audio(page)).currentTime;
  await page.keyboard.press('j');
  await expect.poll(async () => (await audio(page)).currentTime).toBeLessThan(ahead - 8);

  await page.keyboard.press('K');
  await expect.poll(async () => (await audio(page)).paused).toBe(true);

  // Space on a slider plays and pauses; on a button it presses the button, as everywhere.
  await player(page).getByRole('slider', { name: 'Volume' }).focus();
  await page.keyboard.press('Space');
  await expect.poll(async () => (await audio(page)).paused).toBe(false);
  await button(page, 'Pause').focus();
  await page.keyboard.press('Space');
  await expect.poll(async () => (await audio(page)).paused).toBe(true);
});

test.each([400, 1280])(
  'at %i px the key hint shows with a mouse and keyboard, and not on a touch-only device',
  async (width) => {
    const { page } = await site.open(paths.music, { width });
    const hint = player(page).getByText(/^Keys: Space or K play and pause/);
    await hint.waitFor();
    expect(await hint.isVisible()).toBe(true);

    const context = await site.browser.newContext({
      viewport: { width, height: 850 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      const phone = await context.newPage();
      await phone.goto(`${site.url}${paths.music}`);
      await player(phone).waitFor();
      expect(
        await phone.evaluate(() => matchMedia('(hover: none) and (pointer: coarse)').matches),
      ).toBe(true);
      // In the page, but not shown.
      const phoneHint = player(phone).getByText(/^Keys:/);
      expect(await phoneHint.count()).toBe(1);
      expect(await phoneHint.isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  },
);

test('when a track ends the next starts by itself; after the last the player returns to the first and stops', async () => {
  const { page } = await openPlayer();
  await button(page, 'Play').click();
  await expectPlayingPast(page, 0.3);
  const seek = player(page).getByRole('slider', { name: 'Seek' });
  await seek.focus();
  await page.keyboard.press('End');
  await expectTrack(page, 1);
  await expectPlayingPast(page, 0.3);

  await page.getByRole('button', { name: TRACKS[LAST]!.title, exact: true }).click();
  await expectTrack(page, LAST);
  await expectPlayingPast(page, 0.3);
  await seek.focus();
  await page.keyboard.press('End');
  await expectTrack(page, 0);
  await expect.poll(async () => (await audio(page)).paused).toBe(true);
  await button(page, 'Play').waitFor();
});

test.each(
  [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width].flatMap((width) =>
    (['light', 'dark'] as const).map((theme) => ({ width, theme })),
  ),
)(
  'axe finds nothing on the music page, ready or playing, at $width px in the $theme theme',
  async ({ width, theme }) => {
    const { page } = await site.open(paths.music, { width, theme });
    await button(page, 'Play').waitFor();
    expect(await page.locator('html').getAttribute('data-theme')).toBe(theme);
    expect.soft(await axeViolations(page), 'ready').toEqual([]);
    await button(page, 'Play').click();
    await expectPlayingPast(page, 0.2);
    expect.soft(await axeViolations(page), 'playing').toEqual([]);
  },
);

test('music plays on across pages in the now-playing bar, which pauses, resumes, links back and closes; the lock screen names the track', async () => {
  const { page } = await openPlayer(VIEWPORTS.mobile.width);
  await button(page, 'Play').click();
  await expectPlayingPast(page, 0.3);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await page.getByRole('heading', { level: 1, name: /Alex Lindqvist/ }).waitFor();
  const bar = page.getByRole('region', { name: 'Now playing' });
  await bar.getByRole('link', { name: TRACKS[0]!.title }).waitFor();
  // Still the same element, still playing, and further along than before the navigation.
  const before = (await audio(page)).currentTime;
  await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThan(before + 0.3);
  expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(TRACKS[0]!.title);

  await bar.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect.poll(async () => (await audio(page)).paused).toBe(true);
  await page.setViewportSize({ width: VIEWPORTS.desktop.width, height: VIEWPORTS.desktop.height });
  await bar.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(async () => (await audio(page)).paused).toBe(false);

  // Back on the music page the page's own player shows the playing track and the bar steps aside.
  await bar.getByRole('link', { name: TRACKS[0]!.title }).click();
  await button(page, 'Pause').waitFor();
  expect(await bar.count()).toBe(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Art' }).click();
  await bar.getByRole('button', { name: 'Stop and close the player' }).click();
  await expect.poll(async () => (await audio(page)).paused).toBe(true);
  await bar.waitFor({ state: 'detached' });
});
