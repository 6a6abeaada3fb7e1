import {
  Bot,
  Circle,
  CircleQuestionMark,
  FileText,
  Images,
  KeyRound,
  LayoutDashboard,
  Mail,
  ScrollText,
  Settings,
  Tags,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { AdminNavIcon as IconName } from './admin-navigation';

const icons: Partial<Record<IconName, LucideIcon>> = {
  dashboard: LayoutDashboard,
  licences: KeyRound,
  robots: Bot,
  categories: Tags,
  banners: Images,
  faqs: CircleQuestionMark,
  page: FileText,
  users: Users,
  newsletter: Mail,
  settings: Settings,
  activity: ScrollText,
};

/** An entry's icon in the side navigation; decorative, the link's text names it. */
export function AdminNavIcon({ name }: { name: IconName }) {
  const Icon = icons[name] ?? Circle;
  return <Icon aria-hidden="true" className="size-4 shrink-0" />;
}
