import { mount } from './mount';

// `panel.js` is a classic script: it hands its mount function to the loader, which calls it.
window.__amicusPanel = mount;
