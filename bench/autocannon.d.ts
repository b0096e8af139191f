// autocannon ships no types; bench/api.ts uses a small part of its API.
declare module 'autocannon';
