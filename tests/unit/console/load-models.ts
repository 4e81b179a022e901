import { configure } from '@testing-library/dom';
import { languageReady } from '../../../src/console/i18n';
import { loadAllModels } from '../../../src/console/models/store';

// Every entity model, and the console's texts, are loaded before a file runs (see the unit project in vitest.config.ts).
await loadAllModels();
await languageReady;

// A rendered console piece may take longer than testing-library's default second to show what a query waits for when
// the machine is busy (the layers run side by side on two cores): its queries wait up to five.
configure({ asyncUtilTimeout: 5000 });
