// The Mantine styles a portal page's first screen needs beyond styles/critical.ts (the lists and
// details of /questions, /ideas, /hackathons, /jobhubs, /job/:id and /idea/:id: their inputs and
// native selects, grid, tabs, checkboxes, navigation links, pagination, skeletons), plus the top
// bar's menus. Those screens wait for these (a few KB) instead of the whole stylesheet (35 KB
// gzipped), which follows when the page is idle (load-full-styles.ts). The a11y e2e checks, with the
// complete stylesheet held back, that every Mantine class those screens render is defined.
// All of it is in the "mantine" cascade layer, like the rest.
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Indicator.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Menu.layer.css';
