/// <reference types="vite/client" />
// Template types of <kyb-form> and <age-check> (Vue's GlobalComponents): props and events checked by vue-tsc.
/// <reference types="verify-elements/vue" />
