// Svelte 5 strips TypeScript from `<script lang="ts">` itself: no preprocessor needed.
export default {};
