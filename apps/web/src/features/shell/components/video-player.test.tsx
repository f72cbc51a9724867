import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { VideoPlayer, videoPlayerSteps, videoPlayerTexts } from './video-player';

afterEach(cleanup);

function showPlayer() {
  render(
    <VideoPlayer
      label="Установка на Android"
      sources={[
        { src: '/install/android.webm', type: 'video/webm' },
        { src: '/install/android.mp4', type: 'video/mp4' },
      ]}
      poster="/install/android-poster.webp"
      captions="/install/android-ru.vtt"
      width={468}
      height={1012}
    />,
  );
  const video = document.querySelector('video')!;
  // A 14 s video at 12 s in: happy-dom plays nothing, so the media's state is set by hand.
  Object.defineProperty(video, 'duration', { configurable: true, value: 14 });
  video.currentTime = 12;
  return { video, player: screen.getByRole('group', { name: 'Видео: Установка на Android' }) };
}

describe('VideoPlayer (S1 §2, §8)', () => {
  it('seeks by 10 s, within the video, from its buttons and the arrow keys', () => {
    const { video, player } = showPlayer();
    expect(videoPlayerSteps).toEqual({ seekSeconds: 10, volume: 0.1 });
    fireEvent.click(screen.getByRole('button', { name: 'Назад на 10 секунд' }));
    expect(video.currentTime).toBe(2);
    fireEvent.keyDown(player, { key: 'ArrowLeft' });
    expect(video.currentTime).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Вперёд на 10 секунд' }));
    expect(video.currentTime).toBe(10);
    fireEvent.keyDown(player, { key: 'ArrowRight' });
    expect(video.currentTime).toBe(14);
  });

  it('changes the volume in steps of 0.1 with the arrow keys and the slider, and mutes at 0', () => {
    const { video, player } = showPlayer();
    fireEvent.keyDown(player, { key: 'ArrowDown' });
    expect(video.volume).toBe(0.9);
    fireEvent.keyDown(player, { key: 'ArrowDown' });
    fireEvent.keyDown(player, { key: 'ArrowUp' });
    expect(video.volume).toBe(0.9);
    const slider = screen.getByRole('slider', { name: 'Громкость' });
    expect(slider).toHaveAttribute('step', '0.1');
    fireEvent.change(slider, { target: { value: '0' } });
    expect(video.volume).toBe(0);
    expect(video.muted).toBe(true);
  });

  it('says «Ошибка загрузки видео» when no source loads, and retries', () => {
    const { video } = showPlayer();
    const load = vi.spyOn(video, 'load').mockImplementation(() => {});
    vi.spyOn(video, 'play').mockResolvedValue();
    const sources = video.querySelectorAll('source');
    // The first source failing is not the end: the browser tries the next.
    act(() => void sources[0]!.dispatchEvent(new Event('error')));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => void sources[1]!.dispatchEvent(new Event('error')));
    expect(screen.getByRole('alert')).toHaveTextContent(videoPlayerTexts.loadError);
    fireEvent.click(screen.getByRole('button', { name: /Повторить/ }));
    expect(load).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says «Ошибка воспроизведения видео» when the browser refuses to play it', async () => {
    const { video } = showPlayer();
    vi.spyOn(video, 'play').mockRejectedValue(new DOMException('no', 'NotSupportedError'));
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Воспроизвести' })[0]!);
      await Promise.resolve();
    });
    expect(screen.getByRole('alert')).toHaveTextContent(videoPlayerTexts.playbackError);
  });
});
