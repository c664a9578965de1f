import { Box, CloseButton, Loader, TextInput } from '@mantine/core';
import { IconSearch } from '../../../icons/IconSearch';

type ListSearchProps = {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onClear: () => void;
  onSubmit: () => void;
  /** A search is on its way: a small spinner replaces the clear button. */
  isSearching: boolean;
};

/** The search box of an admin list, inside a search landmark. Enter searches at once; Escape clears it. */
export function ListSearch({ label, placeholder, value, onChange, onClear, onSubmit, isSearching }: ListSearchProps) {
  let rightSection = null;
  if (isSearching) rightSection = <Loader size={16} aria-hidden />;
  else if (value) rightSection = <CloseButton size="sm" aria-label="Clear search" onClick={onClear} />;

  return (
    <Box role="search" style={{ flex: '1 1 320px', maxWidth: 440 }}>
      <TextInput
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSubmit();
          if (event.key === 'Escape' && value) onClear();
        }}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={rightSection}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
      />
    </Box>
  );
}
