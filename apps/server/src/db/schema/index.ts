export * from './identity.ts';
export * from './projects.ts';
export * from './access.ts';
export * from './decor.ts';
export * from './displays.ts';
export * from './public-pages.ts';
export * from './payments.ts';
export * from './integrations.ts';
