import { createStore, useStore } from './store.ts';

export type GridColumns = 3 | 4;
const STORAGE_KEY = 'shop:grid-columns';

function initial(): GridColumns {
  try {
    return localStorage.getItem(STORAGE_KEY) === '4' ? 4 : 3;
  } catch {
    return 3;
  }
}

const columnsStore = createStore<GridColumns>(typeof window === 'undefined' ? 3 : initial(), 3);

export function setGridColumns(columns: GridColumns): void {
  columnsStore.set(columns);
  try {
    localStorage.setItem(STORAGE_KEY, String(columns));
  } catch {
    // private mode: the choice lasts for this visit only
  }
}

export function useGridColumns(): GridColumns {
  return useStore(columnsStore);
}
