import { memo } from 'react';
import { useTranslation } from '../lib/use-translation';
import { useSignedInUser } from '../features/auth/use-current-user';
import { HeroCarousel } from '../features/banners/components/hero-carousel';
import { RobotCatalogue } from '../features/catalogue/components/robot-catalogue';
import { usePublicSettings } from '../features/settings/api/get-public-settings';
import { useLocalized } from '../lib/use-localized';

/** Hero title and description are optional settings; an empty one is not rendered at all. */
function HomeIntro({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation();
  if (title === '') {
    return (
      <>
        <h1 className="sr-only">{t('home.title')}</h1>
        {description !== '' && <p className="max-w-3xl text-lg text-slate-300">{description}</p>}
      </>
    );
  }
  return (
    <div className="flex max-w-3xl flex-col gap-3">
      <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
      {description !== '' && <p className="text-lg text-slate-300">{description}</p>}
    </div>
  );
}

// A signed-in reader's session answer, which comes after the first paint, re-renders Home (a
// visitor's does not: use-current-user.ts): the carousel and the catalogue (every card) render
// again only if what they are given changed, which keeps that answer from costing a long task on a
// phone.
const Hero = memo(HeroCarousel);
const Catalogue = memo(RobotCatalogue);

export default function HomePage() {
  const { data: settings } = usePublicSettings();
  const user = useSignedInUser();
  // The owner's hero in the reader's language, else the shop's (issue 19 §2).
  const localized = useLocalized();
  return (
    <div className="page-container flex flex-col gap-8 py-10">
      <Hero />
      <HomeIntro
        title={settings ? localized(settings.hero_title).trim() : ''}
        description={settings ? localized(settings.hero_description).trim() : ''}
      />
      <Catalogue isSignedIn={user !== null} />
    </div>
  );
}
