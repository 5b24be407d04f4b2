// The route preload for a build that leaves `client-entry` to the framework: core's entry makes
// the first call while main.js is evaluated, so that call starts in a task of its own (later ones
// at once). Only measurement builds use it (maintainers/decisions/2026-11-27-main-thread-tasks.md).
import preloadNow from './routePreload';
import { deferFirstCall, nextTask } from './deferFirstCall';

export default deferFirstCall(preloadNow, nextTask);
