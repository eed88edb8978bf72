export * from './analytics.js';
export * from './catalog.js';
export * from './images.js';
export * from './items.js';
export * from './promotions.js';
export * from './rate-limits.js';
export * from './swaps.js';
export * from './users.js';
