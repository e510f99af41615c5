import { StoreBoard } from '../../islands/StoreBoard.tsx'
import { DriverLocation } from '../../islands/DriverLocation.tsx'
import { island } from '../Island.tsx'

/*
 * The console's islands, wrapped once here (ADR 057): the console's views live with their
 * handlers in worker/pages/store/, and the worker may not import an island, so a view renders
 * these wrappers instead.
 */
export const StoreBoardIsland = island('StoreBoard', StoreBoard, { hydrate: 'load' })
export const DriverLocationIsland = island('DriverLocation', DriverLocation, { hydrate: 'load' })
