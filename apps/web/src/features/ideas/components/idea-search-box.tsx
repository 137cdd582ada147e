import {
  Box,
  Combobox,
  Group,
  Loader,
  ScrollArea,
  Text,
  TextInput,
  useCombobox,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IDEA_SEARCH_MAX_CHARS, MSG, plural } from '@agora/shared';
import { IconHeart, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { type IdeaSearchHit, searchIdeas } from '../api/search-ideas';
import u from '../../../components/utilities.module.css';

const DEBOUNCE_MS = 300;

/**
 * Top-bar idea search (spec 02 §2 Search): runs only for non-blank input, 300 ms after typing stops;
 * states empty → loading → results | no results. A failure is logged only and clears the results.
 */
export function IdeaSearchBox({ autoFocus = false }: { autoFocus?: boolean }) {
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value.trim(), DEBOUNCE_MS);
  const [results, setResults] = useState<IdeaSearchHit[] | null>(null);
  const [loading, setLoading] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: combobox is a stable store; only the query drives a search.
  useEffect(() => {
    if (!debounced) {
      setResults(null);
      setLoading(false);
      return;
    }
    const ctrl = new AbortController();
    setLoading(true);
    searchIdeas(debounced, ctrl.signal)
      .then((hits) => {
        setResults(hits);
        combobox.openDropdown();
      })
      .catch((err: unknown) => {
        if ((err as Error).name === 'AbortError') return;
        console.error('Idea search failed', err);
        setResults(null);
        combobox.closeDropdown();
      })
      .finally(() => {
        if (!ctrl.signal.aborted) setLoading(false);
      });
    return () => ctrl.abort();
  }, [debounced]);

  const open = (id: string) => {
    combobox.closeDropdown();
    setValue('');
    navigate(`/idea/${id}`);
  };

  const showDropdown = value.trim().length > 0 && results !== null;

  return (
    // The top bar's stand-in (IdeaSearchFallback) takes the same room.
    <Box flex={{ base: '1 1 auto', sm: '0 1 320px' }} miw={{ base: 120, sm: 140 }} maw={420}>
      <Combobox
        store={combobox}
        onOptionSubmit={open}
        withinPortal
        position="bottom-end"
        width="min(420px, calc(100vw - 16px))"
        // Keep the list inside the viewport on phones, where the box sits mid-bar.
        middlewares={{ flip: true, shift: { padding: 8 } }}
      >
        <Combobox.Target>
          <TextInput
            aria-label="Search ideas"
            placeholder="Search ideas..."
            // It replaces the top bar's stand-in the visitor reached for: the focus moves here.
            autoFocus={autoFocus}
            // The server refuses longer text (400); never send it.
            maxLength={IDEA_SEARCH_MAX_CHARS}
            leftSection={<IconSearch size={16} />}
            rightSection={loading ? <Loader size="xs" data-testid="idea-search-loading" /> : null}
            value={value}
            onChange={(e) => {
              const next = e.currentTarget.value;
              setValue(next);
              if (!next.trim()) {
                setResults(null);
                combobox.closeDropdown();
              }
            }}
            onFocus={() => {
              if (results) combobox.openDropdown();
            }}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(e) => {
              if (e.key === 'Escape') combobox.closeDropdown();
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!showDropdown}>
          <Combobox.Options>
            <ScrollArea.Autosize mah={360} type="auto" data-testid="idea-search-results">
              {results && results.length === 0 ? (
                <Box p="sm">
                  <Text size="sm" fw={600}>
                    {MSG.noIdeasFound}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {MSG.noIdeasHint}
                  </Text>
                </Box>
              ) : (
                results?.map((idea) => (
                  <Combobox.Option
                    key={idea._id}
                    value={idea._id}
                    // A real link: middle-click and copy-link work; a plain click goes through onOptionSubmit.
                    renderRoot={(props) => (
                      <a
                        {...props}
                        href={`/idea/${idea._id}`}
                        className={`${props.className ?? ''} ${u.plainLink}`}
                        onClick={(e) => {
                          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                          e.preventDefault();
                          props.onClick?.(e);
                        }}
                      />
                    )}
                  >
                    <Text size="sm" fw={600} lineClamp={1}>
                      {idea.title}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {idea.description}
                    </Text>
                    <Group gap="xs" mt={2}>
                      <Text size="xs" c="violet.7">
                        {idea.category}
                      </Text>
                      <Group gap={2}>
                        <IconHeart size={12} aria-hidden />
                        <Text size="xs">
                          <span aria-hidden>{idea.likes}</span>
                          <VisuallyHidden>{plural(idea.likes, 'like')}</VisuallyHidden>
                        </Text>
                      </Group>
                    </Group>
                  </Combobox.Option>
                ))
              )}
            </ScrollArea.Autosize>
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </Box>
  );
}
