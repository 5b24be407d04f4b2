// The variant definitions belong to the build script that builds them (scripts/e2e-variants.ts);
// the suite's specs import them from here so their imports stay short.
export * from '../../../scripts/e2e-variants';
