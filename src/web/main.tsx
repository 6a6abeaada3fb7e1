import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { initI18n } from './lib/i18n';
import { readInitialData } from './lib/initial-data';
import './styles.css';

const initialData = readInitialData();
const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

void initI18n(initialData.settings?.default_language, initialData.messages).then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders initialData={initialData} />
    </StrictMode>,
  ),
);
