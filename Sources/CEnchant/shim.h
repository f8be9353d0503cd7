/*
 * Enchant 2 for Swift: the spell-checking library GNOME's editors share
 * (Hunspell's dictionaries, the person's own word list in
 * $XDG_CONFIG_HOME/enchant). Plain functions, no macros to hide.
 */
#ifndef CENCHANT_SHIM_H
#define CENCHANT_SHIM_H

#include <enchant.h>

#endif
