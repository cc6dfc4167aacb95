import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

// The custom-element rule is a compile-time option: under Vite it belongs here, in the plugin's options
// (app.config.compilerOptions only works with Vue's in-browser compiler).
export default defineConfig({
  plugins: [
    vue({
      template: { compilerOptions: { isCustomElement: (tag) => tag === 'kyb-form' || tag === 'age-check' } },
    }),
  ],
});
