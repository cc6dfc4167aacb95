/** Side-effect-free entry of the schema layer, fetch core and browser clients. */
export * from './common.ts';
export * from './countries.ts';
export * from './aml.ts';
export * from './sos.ts';
export * from './age.ts';
export * from './identity.ts';
export * from './kyb.ts';
export * from './kyb-token.ts';
export * from './http.ts';
export * from './kyb-client.ts';
export * from './age-client.ts';
export * from './webhooks.ts';
