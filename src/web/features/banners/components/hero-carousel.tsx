import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { CAROUSEL_INTERVAL_MS } from '../../../../shared/constants.js';
import { useBanners } from '../api/get-banners';
import { toSlides, type Slide } from '../../../../shared/banner-slides.js';
import { nextIndex, previousIndex, wrapIndex } from '../carousel-index';
import { usePrefersReducedMotion } from '../use-prefers-reduced-motion';
import { BannerSlide } from './banner-slide';

/** One frame for the placeholder and the carousel, so the page does not move when banners arrive. */
const frameClass = 'relative aspect-[8/3] w-full overflow-hidden rounded-2xl bg-slate-900';

/** Dark, nearly opaque backgrounds keep the controls readable over any banner. */
const controlBackground = 'rounded-full bg-slate-950/80';
const controlButtonClass =
  'inline-flex size-8 items-center justify-center rounded-full text-white transition-colors hover:bg-slate-700';

/**
 * The hero banner carousel of SPEC §2, following the WAI-ARIA carousel pattern: it advances every
 * 5 s and wraps around; image slides can be paused (video slides have no pause control); it stands
 * still for visitors who ask for reduced motion, while the mouse rests on a slide and while keyboard
 * focus is inside it; screen readers hear slide changes only when it is not rotating by itself.
 */
function Carousel({ slides }: { slides: readonly Slide[] }) {
  const { t } = useTranslation();
  const count = slides.length;
  const [position, setPosition] = useState(0);
  const current = wrapIndex(position, count);
  const prefersReducedMotion = usePrefersReducedMotion();
  /** The visitor's own choice from the pause / play control; until then, the system setting decides. */
  const [pausedByVisitor, setPausedByVisitor] = useState<boolean | null>(null);
  const paused = pausedByVisitor ?? prefersReducedMotion;
  const [hovered, setHovered] = useState(false);
  const [keyboardInside, setKeyboardInside] = useState(false);
  const rotationButton = useRef<HTMLButtonElement>(null);
  const rotating = count > 1 && !paused && !hovered && !keyboardInside;

  useEffect(() => {
    if (!rotating) return;
    // Restarted whenever the slide changes, so a slide chosen by hand also gets its full 5 s.
    const timer = window.setTimeout(() => setPosition((value) => nextIndex(value, count)), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, current, count]);

  // Keyboard focus on a control stops the rotation (the pattern's rule) except on the rotation
  // control itself, which would otherwise stop what it has just started; mouse clicks do not.
  function onFocus(event: FocusEvent<HTMLElement>) {
    setKeyboardInside(event.target !== rotationButton.current && event.target.matches(':focus-visible'));
  }
  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setKeyboardInside(false);
  }

  const currentSlide = slides[current]!;
  const showRotationControl = count > 1 && currentSlide.kind === 'image';

  return (
    <section
      aria-roledescription={t('carousel.roleDescription')}
      aria-label={t('carousel.label')}
      className="relative"
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div
        aria-live={rotating ? 'off' : 'polite'}
        className={frameClass}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        {slides.map((slide, index) => (
          <div
            key={slide.id}
            role="group"
            aria-roledescription={t('carousel.slide')}
            aria-label={t('carousel.slideLabel', { number: index + 1, total: count })}
            hidden={index !== current}
            className="size-full"
          >
            <BannerSlide slide={slide} current={index === current} first={index === 0} />
          </div>
        ))}
      </div>
      {count > 1 && (
        // From the sm width up, over the banner's bottom edge, where banners rarely carry their
        // message; on a phone the banner is too short for that (the bar hid much of it), so the
        // controls sit in a row under it. The rotation control stands apart, so nothing else moves
        // when it comes and goes with video slides.
        <div className="mt-2 flex items-center justify-center gap-2 sm:contents">
          {showRotationControl && (
            <button
              ref={rotationButton}
              type="button"
              onClick={() => setPausedByVisitor(!paused)}
              aria-label={paused ? t('carousel.play') : t('carousel.pause')}
              className={clsx(controlButtonClass, controlBackground, 'sm:absolute sm:bottom-2 sm:left-2')}
            >
              {paused ? (
                <Play aria-hidden="true" className="size-4" />
              ) : (
                <Pause aria-hidden="true" className="size-4" />
              )}
            </button>
          )}
          <div
            className={clsx(
              controlBackground,
              'flex items-center gap-0.5 p-0.5 sm:absolute sm:bottom-2 sm:left-1/2 sm:-translate-x-1/2',
            )}
          >
            <button
              type="button"
              onClick={() => setPosition(previousIndex(current, count))}
              aria-label={t('carousel.previous')}
              className={controlButtonClass}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <div role="group" aria-label={t('carousel.choose')} className="flex items-center">
              {slides.map((slide, index) => (
                <button
                  key={slide.id}
                  type="button"
                  onClick={() => setPosition(index)}
                  aria-label={t('carousel.goTo', { number: index + 1 })}
                  aria-current={index === current ? 'true' : undefined}
                  className="flex size-7 items-center justify-center rounded-full"
                >
                  <span
                    aria-hidden="true"
                    className={clsx(
                      'block size-2.5 rounded-full',
                      index === current ? 'bg-emerald-400' : 'bg-slate-300',
                    )}
                  />
                </button>
              ))}
            </div>
            <button
              type="button"
              onClick={() => setPosition(nextIndex(current, count))}
              aria-label={t('carousel.next')}
              className={controlButtonClass}
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * Reserves the banner's height from the first paint (the banners are not part of the page's
 * embedded data) and disappears when there is nothing to show: no active banner, or none that can
 * be displayed. A failed load hides it too: the hero is decoration, the catalogue is the page.
 */
export function HeroCarousel() {
  const { data, isPending } = useBanners();
  const slides = useMemo(() => toSlides(data ?? []), [data]);
  if (isPending) return <div aria-hidden="true" className={clsx(frameClass, 'animate-pulse')} />;
  if (slides.length === 0) return null;
  return <Carousel slides={slides} />;
}
