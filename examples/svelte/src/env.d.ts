/// <reference types="svelte" />
/// <reference types="vite/client" />
// Template types of <kyb-form> and <age-check>: props and `on<event>` attributes checked by svelte-check.
/// <reference types="verify-elements/svelte" />
