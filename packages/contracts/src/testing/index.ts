// Test-only builders shared by the API, console, browser tests and benches: `@freight/contracts/testing`,
// never imported by the product's code.
export * from './cgformFixtures.ts';
export * from './feeViewers.ts';
export * from './livePositions.ts';
