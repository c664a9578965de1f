import { COLOR_SCHEME_STORAGE_KEY } from '@coincard/shared';
import { localStorageColorSchemeManager } from '@mantine/core';

/** The light/dark choice, kept where the page's first-paint script reads it (COLOR_SCHEME_SCRIPT). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });
