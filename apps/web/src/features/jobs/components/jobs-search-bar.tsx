import { MSG } from '@agora/shared';
import { ActionIcon, Button, Group, Loader, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCurrentLocation, IconMapPin, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { reverseGeocode } from '../api/reverse-geocode';
import { Hint } from '../../../components/hint';

/**
 * spec 03 §2 header search: keyword and location boxes and a Search button, plus "use my
 * location" (browser coordinates → the server's offline lookup → the nearest city).
 */
export function JobsSearchBar({
  search,
  location,
  onSubmit,
}: {
  search: string;
  location: string;
  onSubmit: (v: { search: string; location: string }) => void;
}) {
  const [keyword, setKeyword] = useState(search);
  const [place, setPlace] = useState(location);
  const [locating, setLocating] = useState(false);
  const abort = useRef<AbortController | null>(null);

  // Back/forward and "Clear all" change the URL: the boxes follow it.
  useEffect(() => setKeyword(search), [search]);
  useEffect(() => setPlace(location), [location]);
  useEffect(() => () => abort.current?.abort(), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ search: keyword.trim(), location: place.trim() });
  };

  const locateMe = () => {
    if (!('geolocation' in navigator)) {
      notifications.show({
        color: 'yellow',
        title: 'Location unavailable',
        message: 'Your browser cannot share its location.',
      });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      async (pos) => {
        abort.current?.abort();
        abort.current = new AbortController();
        try {
          const found = await reverseGeocode(pos.coords.latitude, pos.coords.longitude, abort.current.signal);
          setPlace(found.city);
          onSubmit({ search: keyword.trim(), location: found.city });
        } catch (err) {
          if ((err as Error).name === 'AbortError') return;
          // spec 03 §2: no city for these coordinates → 'Current Location'.
          setPlace(MSG.currentLocation);
        } finally {
          setLocating(false);
        }
      },
      () => {
        setLocating(false);
        notifications.show({
          color: 'yellow',
          title: 'Location unavailable',
          message: 'Allow location access in your browser, or type a city.',
        });
      },
      // A fresh position: the user may have moved since the last lookup.
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 0 },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Search jobs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Keyword"
          placeholder="Job title, company or skill"
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          maxLength={200}
          flex="2 1 240px"
          size="md"
        />
        <TextInput
          label="Location"
          placeholder="City, state or country"
          value={place}
          onChange={(e) => setPlace(e.currentTarget.value)}
          leftSection={<IconMapPin size={16} aria-hidden />}
          maxLength={100}
          flex="1 1 200px"
          size="md"
          rightSection={
            <Hint label="Use my location">
              <ActionIcon
                variant="subtle"
                onClick={locateMe}
                aria-label="Use my location"
                disabled={locating}
              >
                {locating ? <Loader size={14} /> : <IconCurrentLocation size={18} aria-hidden />}
              </ActionIcon>
            </Hint>
          }
        />
        <Button type="submit" size="md" leftSection={<IconSearch size={16} aria-hidden />} flex="0 0 auto">
          Search
        </Button>
      </Group>
    </form>
  );
}
