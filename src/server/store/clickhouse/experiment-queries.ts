import type { Store } from '../store.js';
import type { ChDb } from './clickhouse-db.js';
import { notYet } from './not-yet.js';

/** Split tests: records, lifecycle and figures on ClickHouse. */
export function experimentQueries(_db: ChDb): Pick<Store, 'createExperiment' | 'listExperiments' | 'getExperiment' | 'updateExperiment' | 'stopExperiment' | 'activeExperiments' | 'autoStopExperiments' | 'experimentFigures' | 'experimentTraffic'> {
  return {
    createExperiment: notYet('createExperiment'),
    listExperiments: notYet('listExperiments'),
    getExperiment: notYet('getExperiment'),
    updateExperiment: notYet('updateExperiment'),
    stopExperiment: notYet('stopExperiment'),
    activeExperiments: notYet('activeExperiments'),
    autoStopExperiments: notYet('autoStopExperiments'),
    experimentFigures: notYet('experimentFigures'),
    experimentTraffic: notYet('experimentTraffic'),
  };
}
