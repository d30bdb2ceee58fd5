export * from './identity.ts';
export * from './projects.ts';
