/** Both stand-ins on one page (see floor.ts). */
export { FloorAge } from './age.ts';
export { FloorKyb } from './kyb.ts';
