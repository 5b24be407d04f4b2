// The variant definitions belong to the build script that builds them (tools/build/e2eVariants.ts);
// the suite's specs import them from here so their imports stay short.
export * from '../../../tools/build/e2eVariants';
