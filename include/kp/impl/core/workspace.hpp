#pragma once
// The library's internal workspace cache. Kernels that need memory besides
// their input and output (per-team partials, tile status, private bins, an
// alias table's work arrays) take it from here rather than allocating per
// call: one object per (kind of workspace, execution space instance), grown
// when a larger call needs more, kept until Kokkos::finalize (a finalize
// hook) or kp::release_workspaces().
//
// Calls on one space instance are ordered, so they share one workspace. Two
// CUDA instances (streams) get separate ones; host instances of one space
// type share theirs, so host calls must not run concurrently from several
// host threads on one space type (Kokkos' host backends do not allow that
// either).
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <typeindex>
#include <utility>

namespace kp::impl {

template <class Space>
std::uintptr_t instance_id(const Space& space) {
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
    return reinterpret_cast<std::uintptr_t>(space.cuda_stream());
  }
#endif
  (void)space;
  return 0;
}

class WorkspaceCache {
 public:
  using Key = std::pair<std::type_index, std::uintptr_t>;

  static WorkspaceCache& get() {
    static WorkspaceCache cache;
    return cache;
  }

  // The Object cached for `space`, replaced by make() when there is none or
  // when fits(object) is false. The space is fenced before an object it may
  // still use is released.
  template <class Object, class Space, class Fits, class Make>
  std::shared_ptr<Object> find(const Space& space, Fits&& fits, Make&& make) {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (!hooked_) {
      Kokkos::push_finalize_hook([] { WorkspaceCache::get().clear(); });
      hooked_ = true;
    }
    std::shared_ptr<void>& slot = objects_[Key(typeid(Object), instance_id(space))];
    auto object = std::static_pointer_cast<Object>(slot);
    if (!object || !fits(*object)) {
      if (object) space.fence();
      object.reset();
      slot.reset();
      object = std::make_shared<Object>(make());
      slot = object;
    }
    return object;
  }

  void clear() {
    const std::lock_guard<std::mutex> lock(mutex_);
    objects_.clear();
    hooked_ = false;  // finalize pops its hooks; a new initialize needs a new one
  }

 private:
  std::mutex mutex_;
  std::map<Key, std::shared_ptr<void>> objects_;
  bool hooked_ = false;
};

template <class Object, class Space, class Fits, class Make>
std::shared_ptr<Object> workspace(const Space& space, Fits&& fits, Make&& make) {
  return WorkspaceCache::get().find<Object>(space, std::forward<Fits>(fits),
                                            std::forward<Make>(make));
}

}  // namespace kp::impl

namespace kp {
// Declared and documented in include/kp/workspace.hpp.
inline void release_workspaces() {
  Kokkos::fence();
  impl::WorkspaceCache::get().clear();
}
}  // namespace kp
