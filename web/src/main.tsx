// Entry point: load and validate /config.json, configure Amplify from it, then render the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/index.tsx';
import { StartupError } from './components/errors/startup-error.tsx';
import { FullPageSpinner } from './components/ui/spinner.tsx';
import { loadAppConfig, setAppConfig } from './config/app-config.ts';
import { configureAmplify } from './lib/amplify.ts';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
root.render(<FullPageSpinner />);

try {
  const config = await loadAppConfig();
  setAppConfig(config);
  configureAmplify(config);
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} catch (error) {
  console.error('startup failed', error);
  root.render(<StartupError error={error} />);
}
