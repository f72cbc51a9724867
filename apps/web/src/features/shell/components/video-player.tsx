import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from 'antd';
import {
  CaretRightFilled,
  FastBackwardOutlined,
  FastForwardOutlined,
  PauseOutlined,
  ReloadOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import './video-player.css';

/** S1 §2 «A video player with seek step 10 s and volume step 0.1». */
export const videoPlayerSteps = { seekSeconds: 10, volume: 0.1 } as const;

/** S1 §8 «Video». */
export const videoPlayerTexts = {
  playbackError: 'Ошибка воспроизведения видео',
  loadError: 'Ошибка загрузки видео',
} as const;

export interface VideoSource {
  src: string;
  type: string;
}

export interface VideoPlayerProps {
  /** What the video shows, read out as the player's name. */
  label: string;
  sources: VideoSource[];
  poster: string;
  /** WebVTT captions in Russian. */
  captions?: string;
  width: number;
  height: number;
}

type PlayerError = 'load' | 'playback';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round1 = (value: number) => Math.round(value * 10) / 10;

function clock(seconds: number): string {
  if (!Number.isFinite(seconds)) return '0:00';
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The spec's video player (S1 §2, §8): play and pause, ±10 s, volume in steps of 0.1, captions, the position;
 * all from the keyboard too (Space/K, ←/→, ↑/↓, M, C on the player). A video that cannot load or play says so
 * («Ошибка загрузки видео», «Ошибка воспроизведения видео») with a retry. Nothing is downloaded but the poster
 * until it is played.
 */
export function VideoPlayer({ label, sources, poster, captions, width, height }: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(Number.NaN);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [captionsOn, setCaptionsOn] = useState(true);
  const [error, setError] = useState<PlayerError | null>(null);

  // A failed source fires `error` on its <source>, which does not bubble: caught on the way down. The video
  // gives up once the last one has failed; its own error says whether loading or decoding went wrong.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onError = (event: Event) => {
      if (event.target instanceof HTMLSourceElement) {
        if (event.target === video.querySelector('source:last-of-type')) setError('load');
        return;
      }
      setError(video.error?.code === 3 ? 'playback' : 'load');
      setPlaying(false);
    };
    video.addEventListener('error', onError, true);
    return () => video.removeEventListener('error', onError, true);
  }, []);

  useEffect(() => {
    const track = videoRef.current?.textTracks?.[0];
    if (track) track.mode = captionsOn ? 'showing' : 'hidden';
  }, [captionsOn]);

  const play = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    setError(null);
    const started = video.play();
    // A pause during the start rejects with AbortError: no error of the video.
    started?.catch((reason: unknown) => {
      if (reason instanceof DOMException && reason.name === 'AbortError') return;
      setError('playback');
      setPlaying(false);
    });
  }, []);

  const toggle = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) play();
    else video.pause();
  }, [play]);

  const seek = useCallback((by: number) => {
    const video = videoRef.current;
    if (!video) return;
    const end = Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY;
    video.currentTime = clamp(video.currentTime + by, 0, end);
    setTime(video.currentTime);
  }, []);

  const changeVolume = useCallback((to: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = round1(clamp(to, 0, 1));
    video.muted = video.volume === 0;
  }, []);

  const retry = () => {
    setError(null);
    videoRef.current?.load();
    play();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The sliders move by themselves with the arrows; buttons press with Space and Enter.
    const target = event.target as HTMLElement;
    if (target instanceof HTMLInputElement) return;
    const onButton = target.closest('button, a') !== null;
    const video = videoRef.current;
    if (!video) return;
    const actions: Record<string, () => void> = {
      ArrowLeft: () => seek(-videoPlayerSteps.seekSeconds),
      ArrowRight: () => seek(videoPlayerSteps.seekSeconds),
      ArrowUp: () => changeVolume(video.volume + videoPlayerSteps.volume),
      ArrowDown: () => changeVolume(video.volume - videoPlayerSteps.volume),
      k: toggle,
      m: () => (video.muted = !video.muted),
      c: () => setCaptionsOn((on) => !on),
      ...(onButton ? {} : { ' ': toggle }),
    };
    const action = actions[event.key.length === 1 ? event.key.toLowerCase() : event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <div
      className="video-player"
      role="group"
      aria-label={`Видео: ${label}`}
      aria-keyshortcuts="Space K ArrowLeft ArrowRight ArrowUp ArrowDown M C"
      onKeyDown={onKeyDown}
    >
      <div className="video-player__screen" style={{ aspectRatio: `${width} / ${height}` }}>
        <video
          ref={videoRef}
          className="video-player__video"
          poster={poster}
          preload="none"
          playsInline
          width={width}
          height={height}
          aria-label={label}
          tabIndex={-1}
          onClick={toggle}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
          onDurationChange={(event) => setDuration(event.currentTarget.duration)}
          onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
          onVolumeChange={(event) => {
            setVolume(event.currentTarget.volume);
            setMuted(event.currentTarget.muted);
          }}
        >
          {sources.map((source) => (
            <source key={source.src} src={source.src} type={source.type} />
          ))}
          {captions && <track kind="captions" src={captions} srcLang="ru" label="Русские субтитры" default />}
        </video>
        {!playing && !error && (
          <button type="button" className="video-player__big-play" onClick={play} aria-label="Воспроизвести">
            <CaretRightFilled />
          </button>
        )}
        {error && (
          <div className="video-player__error" role="alert">
            <span>{error === 'load' ? videoPlayerTexts.loadError : videoPlayerTexts.playbackError}</span>
            <Button size="small" icon={<ReloadOutlined />} onClick={retry}>
              Повторить
            </Button>
          </div>
        )}
      </div>
      <div className="video-player__controls">
        <Button
          type="text"
          icon={playing ? <PauseOutlined /> : <CaretRightFilled />}
          aria-label={playing ? 'Пауза' : 'Воспроизвести'}
          onClick={toggle}
        />
        <Button
          type="text"
          icon={<FastBackwardOutlined />}
          aria-label="Назад на 10 секунд"
          onClick={() => seek(-videoPlayerSteps.seekSeconds)}
        />
        <Button
          type="text"
          icon={<FastForwardOutlined />}
          aria-label="Вперёд на 10 секунд"
          onClick={() => seek(videoPlayerSteps.seekSeconds)}
        />
        <input
          className="video-player__position"
          type="range"
          min={0}
          max={Number.isFinite(duration) ? duration : 0}
          step={0.1}
          value={time}
          aria-label="Позиция"
          aria-valuetext={`${clock(time)} из ${clock(duration)}`}
          onChange={(event) => {
            const video = videoRef.current;
            if (video) video.currentTime = Number(event.target.value);
            setTime(Number(event.target.value));
          }}
        />
        <span className="video-player__time" aria-hidden="true">
          {clock(time)} / {clock(duration)}
        </span>
        <Button
          type="text"
          icon={<SoundOutlined />}
          aria-label={muted ? 'Включить звук' : 'Выключить звук'}
          aria-pressed={muted}
          className={muted ? 'video-player__muted' : undefined}
          onClick={() => {
            const video = videoRef.current;
            if (video) video.muted = !video.muted;
          }}
        />
        <input
          className="video-player__volume"
          type="range"
          min={0}
          max={1}
          step={videoPlayerSteps.volume}
          value={muted ? 0 : volume}
          aria-label="Громкость"
          aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)} %`}
          onChange={(event) => changeVolume(Number(event.target.value))}
        />
        {captions && (
          <Button
            type="text"
            aria-pressed={captionsOn}
            className={captionsOn ? 'video-player__cc video-player__cc--on' : 'video-player__cc'}
            onClick={() => setCaptionsOn((on) => !on)}
          >
            Субтитры
          </Button>
        )}
      </div>
    </div>
  );
}
